import { useState } from 'react';

/**
 * Whether a sheet has been open: a closed one is drawn only once it has opened (a list of a
 * thousand cards drew a thousand closed sheets with their hooks), and stays drawn after, so its
 * closing still slides away.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Derived from the prop while rendering, so the sheet is drawn in the render that opens it.
  if (open && !opened) setOpened(true);
  return open || opened;
}
