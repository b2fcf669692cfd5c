export { HtmlContent, injectHtml } from './html-content';
export type { HtmlContentProps } from './html-content';
export { AdSlotView } from './ad-slot';
export type { AdSlotItem, AdSlotViewProps } from './ad-slot';
export { useScreen, screenClass, SCREEN_BREAKPOINTS } from './use-screen';
export type { ScreenClass, ScreenInfo } from './use-screen';
export { ComingSoon } from './coming-soon';
export type { ComingSoonProps } from './coming-soon';
