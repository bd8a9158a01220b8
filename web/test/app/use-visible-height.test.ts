import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useVisibleHeight, VISIBLE_HEIGHT_VAR } from '../../src/app/use-visible-height';

/** A visual viewport as a phone's browser reports it, whose size the test changes. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  scale = 1;
  resize(height: number, scale = 1) {
    Object.assign(this, { height, scale });
    this.dispatchEvent(new Event('resize'));
  }
}

const visibleHeight = () => document.documentElement.style.getPropertyValue(VISIBLE_HEIGHT_VAR);

afterEach(() => {
  Reflect.deleteProperty(window, 'visualViewport');
});

describe('the height of what is visible of the page', () => {
  it('follows an on-screen keyboard opening over the page and closing, and takes a pinch-zoom back out', () => {
    const viewport = new FakeVisualViewport();
    Object.defineProperty(window, 'visualViewport', { value: viewport, configurable: true });
    const { unmount } = renderHook(() => useVisibleHeight());
    expect(visibleHeight()).toBe('844px');
    viewport.resize(508.4);
    expect(visibleHeight(), 'the keyboard open: the page above it').toBe('508px');
    viewport.resize(422, 2);
    expect(visibleHeight(), 'zoomed in twice: the page as tall as before').toBe('844px');
    unmount();
    expect(visibleHeight(), 'nothing left behind').toBe('');
  });

  it('leaves the page its own height in a browser without a visual viewport', () => {
    renderHook(() => useVisibleHeight());
    expect(visibleHeight()).toBe('');
  });
});
