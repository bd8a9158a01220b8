export { DraftLinkCard, LinkCard } from './link-card';
export { useDraftLinkPreview } from './use-draft-link-preview';
