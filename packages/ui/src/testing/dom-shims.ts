/**
 * What antd and the pages need from a browser that jsdom does not have, for the admin's and the web's component
 * tests (one copy: both apps' test set-ups call this). Test-only: nothing in an app's own code imports it.
 */
export function installDomShims(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // jsdom does not measure pseudo-elements (antd asks when it sizes the scroll bar)
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (elt: Element) => getComputedStyle(elt);
  // jsdom has no layout: scrolling is a no-op
  window.scrollTo = (() => {}) as typeof window.scrollTo;
}
