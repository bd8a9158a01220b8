export { PinnedBanner } from './pinned-banner';
