import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { LoadingBar, LOADING_BAR_DURATION_MS, LOADING_BAR_THROTTLE_MS } from './loading-bar';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('<LoadingBar>', () => {
  it('uses the spec numbers', () => {
    expect(LOADING_BAR_THROTTLE_MS).toBe(200);
    expect(LOADING_BAR_DURATION_MS).toBe(5000);
  });

  it('shows nothing for loads shorter than the throttle', () => {
    const { container, rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(150));
    expect(container.querySelector('.wk-loading-bar')).toBeNull();
    rerender(<LoadingBar active={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(container.querySelector('.wk-loading-bar')).toBeNull();
  });

  it('runs after the throttle for 5000 ms, then completes and disappears', () => {
    const { container, rerender } = render(<LoadingBar active />);
    act(() => vi.advanceTimersByTime(LOADING_BAR_THROTTLE_MS));
    const bar = container.querySelector<HTMLElement>('.wk-loading-bar.is-running');
    expect(bar).not.toBeNull();
    expect(bar!.style.animationDuration).toBe('5000ms');
    rerender(<LoadingBar active={false} />);
    expect(container.querySelector('.wk-loading-bar.is-done')).not.toBeNull();
    act(() => vi.advanceTimersByTime(500));
    expect(container.querySelector('.wk-loading-bar')).toBeNull();
  });
});
