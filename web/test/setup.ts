import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// A DOM without <dialog>'s modal methods gets them: open and close it as a browser does.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

// What the test DOM does not lay out: a list's scrolling and an element's size.
Element.prototype.scrollIntoView ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  disconnect() {}
  unobserve() {}
} as unknown as typeof ResizeObserver;

// No server answers the component tests: a request a test did not stub fails at once, as one to a
// server that is down does, without the DOM's own connection attempt to 127.0.0.1:3000.
globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch: no server in a component test'));
