import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { useChatStore } from '../src/store/use-chat-store';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // The next test starts from the chat store as the app opens it. A spy put on its state
  // (`vi.spyOn(useChatStore.getState(), …)`) is copied into every state after it, since zustand
  // makes a new object at each change, and outlives `vi.restoreAllMocks()`.
  useChatStore.setState(useChatStore.getInitialState(), true);
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
