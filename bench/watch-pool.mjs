/** The n-th user of the pool the by-interest measurement's sockets watch: the same in every driver and in the bench. */
export const poolUserId = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
