import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../contracts/cart';
import type { Address } from '../../../contracts/shipping';
import { ada, cartLine, cartOf } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import CartRoute from './cart';

const home: Address = {
  id: 3,
  nickname: 'Home',
  recipient_name: 'Ada Lovelace',
  phone: '555-0100',
  street_address: '1 Main St',
  street_address_2: null,
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  preferred: true,
};

/** The checkout page of Ada, shipping home, her bag as `cart()` has it at each ask. */
function renderCheckout(cart: () => Cart, payments: () => [number, unknown] = () => [404, {}]) {
  const calls = mockApi((method, url) => {
    if (url === '/api/user') return [200, ada];
    if (url === '/api/cart') return [200, cart()];
    if (url === '/api/shipping') return [200, [home]];
    if (method === 'POST' && url === '/api/payments') return payments();
    return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
  });
  renderWithApp(
    <Routes>
      <Route path="/cart" element={<CartRoute />} />
    </Routes>,
    { path: '/cart' },
  );
  return calls;
}

describe('the checkout page', () => {
  it('says why, and hands focus on, when a refusal finds the cart emptied elsewhere', async () => {
    let lines = [cartLine(7, 1)];
    const calls = renderCheckout(
      () => cartOf(lines),
      () => {
        // Another tab bought the bag meanwhile.
        lines = [];
        return [409, { error: { code: 'conflict', message: 'Your cart is empty.' } }];
      },
    );

    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(pay).toBeEnabled());
    await userEvent.click(pay);

    expect(await screen.findByText('Nothing to pay for')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your cart is empty.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to your cart' })).toHaveFocus(),
    );
    expect(calls.filter((c) => c.url === '/api/payments')).toHaveLength(1);
  });

  it('takes no focus when the cart was empty to begin with', async () => {
    renderCheckout(() => cartOf([]));

    const back = await screen.findByRole('link', { name: 'Back to your cart' });
    expect(back).not.toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
