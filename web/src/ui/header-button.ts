/** The conversation header's round buttons (close, search, the menu): 44 px touch targets on a phone. */
export const HEADER_BUTTON = 'btn btn-ghost btn-circle max-md:size-11 md:btn-sm';
