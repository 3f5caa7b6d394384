import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShopLookSheet } from '../features/cart/components/shop-look-sheet';
import { stubLayoutObservers } from '../test/layout-stubs';
import { mockApi, renderWithApp } from '../test/render';
import { useOpenedOnce } from './use-opened-once';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useOpenedOnce', () => {
  it('is false until the sheet first opens, then stays true so its closing can slide away', () => {
    const { result, rerender } = renderHook(({ open }) => useOpenedOnce(open), {
      initialProps: { open: false },
    });
    expect(result.current).toBe(false);
    rerender({ open: false });
    expect(result.current).toBe(false);
    rerender({ open: true });
    expect(result.current).toBe(true);
    rerender({ open: false });
    expect(result.current).toBe(true);
  });

  it('keeps a closed Purchase Outfit sheet from watching the screen until it opens, then asks for the look', async () => {
    stubLayoutObservers();
    const watched = vi.spyOn(window, 'matchMedia');
    const asked: string[] = [];
    mockApi((_method, url) => {
      asked.push(url);
      return [404, { error: { code: 'not_found', message: 'That outfit does not exist.' } }];
    });
    renderWithApp(<SheetBehindAButton />);
    expect(watched).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Purchase Outfit' }));
    expect(await screen.findByRole('dialog', { name: /Shop this look/ })).toBeVisible();
    expect(watched).toHaveBeenCalled();
    await waitFor(() => expect(asked).toContain('/api/cart/outfit/7'));
  });
});

function SheetBehindAButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Purchase Outfit
      </button>
      <ShopLookSheet outfitId={7} open={open} onClose={() => setOpen(false)} onAdded={() => {}} />
    </>
  );
}
