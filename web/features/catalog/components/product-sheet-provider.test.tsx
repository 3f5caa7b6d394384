import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { cartLine, cartOf, linenShirt } from '../../../test/fixtures';
import { BrowserBack, mockApi, renderWithApp } from '../../../test/render';
import { ProductSheetProvider, useOpenProduct } from './product-sheet-provider';

function Opener() {
  const openProduct = useOpenProduct();
  return (
    <button type="button" onClick={() => openProduct(7)}>
      Open the shirt
    </button>
  );
}

describe('the product sheet', () => {
  it('closes on Back, and a sheet closed by its button leaves Back to the page', async () => {
    mockApi((_method, url) =>
      url === '/api/item/7/product'
        ? [200, linenShirt()]
        : [404, { error: { code: 'not_found', message: 'Not found.' } }],
    );
    renderWithApp(
      <ProductSheetProvider>
        <BrowserBack />
        <Routes>
          <Route path="/home" element={<h1>Swipe</h1>} />
          <Route path="/search" element={<Opener />} />
        </Routes>
      </ProductSheetProvider>,
      { path: ['/home', '/search'] },
    );
    const back = screen.getByRole('button', { name: 'Browser back' });
    await userEvent.click(screen.getByRole('button', { name: 'Open the shirt' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.click(back);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open the shirt' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open the shirt' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open the shirt' })).toBeInTheDocument();
    await userEvent.click(back);
    expect(await screen.findByRole('heading', { name: 'Swipe' })).toBeInTheDocument();
  }, 20_000);

  it('takes View bag to the bag, and does not stay open over it', async () => {
    mockApi((method, url) => {
      if (url === '/api/item/7/product') return [200, linenShirt()];
      if (method === 'POST' && url === '/api/cart') return [200, cartOf([cartLine(7, 1)])];
      return [404, { error: { code: 'not_found', message: 'Not found.' } }];
    });
    renderWithApp(
      <ProductSheetProvider>
        <Routes>
          <Route path="/search" element={<Opener />} />
          <Route path="/cartlanding" element={<h1>Your bag</h1>} />
          <Route path="/cart" element={<h1>Checkout</h1>} />
        </Routes>
      </ProductSheetProvider>,
      { path: '/search' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Open the shirt' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.click(await within(sheet).findByRole('radio', { name: 'M' }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Add to bag · $45.00' }));
    await userEvent.click(await within(sheet).findByRole('link', { name: 'View bag' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Your bag' })).toBeInTheDocument();
  }, 20_000);
});
