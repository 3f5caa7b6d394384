import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Cart } from '../../../contracts/cart';
import type { PaymentSession } from '../../../contracts/payment';
import { ada, address, cartLine, cartOf } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import CartRoute from './cart';

const home = address(3, 'Home', true);

/** The checkout page of Ada, shipping home, her bag as `cart()` has it at each ask. */
function renderCheckout(
  cart: () => Cart,
  payments: () => [number, unknown] | Promise<[number, unknown]> = () => [404, {}],
) {
  const calls = mockApi((method, url) => {
    if (url === '/api/user') return [200, ada];
    if (url === '/api/cart') return [200, cart()];
    if (url === '/api/shipping') return [200, [home]];
    if (method === 'POST' && url === '/api/payments') return payments();
    return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
  });
  showCheckout();
  return calls;
}

function showCheckout() {
  renderWithApp(
    <Routes>
      <Route path="/cart" element={<CartRoute />} />
    </Routes>,
    { path: '/cart' },
  );
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
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(pay);

    expect(await screen.findByText('Nothing to pay for')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your cart is empty.');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Back to your cart' })).toHaveFocus(),
    );
    expect(calls.filter((c) => c.url === '/api/payments')).toHaveLength(1);
  });

  it('opens no payment for a total the page does not show: the bag changed in another tab', async () => {
    let lines = [cartLine(7, 1)];
    const calls = renderCheckout(
      () => cartOf(lines),
      () => {
        // Another tab added a second shirt after this page read the bag ($64.99).
        lines = [cartLine(7, 2)];
        return [200, { ...session, amountCents: 10_999, amount: '$109.99' }];
      },
    );

    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your bag changed since this page was opened: it now comes to $109.99. Check it, then pay.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/cancel'))).toBe(true),
    );
    // The page reads the bag again and shows what Pay Now would now pay.
    expect(await screen.findAllByText('$109.99')).not.toHaveLength(0);
  });

  it('shows the address as it now stands when a refusal finds it removed elsewhere', async () => {
    let addresses = [home];
    const calls = mockApi((method, url) => {
      if (url === '/api/user') return [200, ada];
      if (url === '/api/cart') return [200, cartOf([cartLine(7, 1)])];
      if (url === '/api/shipping') return [200, addresses];
      if (method === 'POST' && url === '/api/payments') {
        // Another tab removed the only address meanwhile.
        addresses = [];
        return [404, { error: { code: 'not_found', message: 'That address does not exist.' } }];
      }
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    showCheckout();

    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    expect(await screen.findByText('Home')).toBeInTheDocument();
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent('That address does not exist.');
    await waitFor(() => expect(screen.queryByText('Home')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.url === '/api/shipping').length).toBeGreaterThan(1);
  });

  it('lets the keyboard meet the items, then the payment method, then Pay Now', async () => {
    renderCheckout(() => cartOf([cartLine(7, 1)]));

    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    const edit = screen.getByRole('link', { name: 'Edit cart' });
    const [method] = screen.getAllByRole('radio');
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(edit, method!)).toBe(true);
    expect(follows(method!, pay)).toBe(true);
  });

  it('takes no focus when the cart was empty to begin with', async () => {
    renderCheckout(() => cartOf([]));

    const back = await screen.findByRole('link', { name: 'Back to your cart' });
    expect(back).not.toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

const session: PaymentSession = {
  id: 'pay_12345678',
  paymentMethod: 'paypal',
  status: 'pending',
  amountCents: 6499,
  amount: '$64.99',
  address: null,
  expiresAt: '2026-12-01T00:00:00.000Z',
};

/** Shows the checkout, pays now and completes the purchase in the PayPal sheet that opens. */
async function payInSheet() {
  showCheckout();
  const pay = await screen.findByRole('button', { name: 'Pay Now' });
  await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
  await userEvent.click(pay);
  const sheet = await screen.findByRole('dialog', { name: 'Pay with PayPal' });
  await userEvent.click(within(sheet).getByRole('button', { name: 'Complete Purchase' }));
  return { pay, sheet };
}

describe('the checkout page, when things go wrong', () => {
  it('keeps the payment sheet and its message when the cart cannot be read again', async () => {
    let offline = false;
    const calls = mockApi((method, url) => {
      // The connection drops between the approval and the checkout, and stays down.
      if (offline && (url === '/api/cart' || url === '/api/buy')) throw new TypeError('offline');
      if (url === '/api/user') return [200, ada];
      if (url === '/api/cart') return [200, cartOf([cartLine(7, 1)])];
      if (url === '/api/shipping') return [200, [home]];
      if (method === 'POST' && url === '/api/payments') return [200, session];
      if (method === 'POST' && url === `/api/payments/${session.id}/approve`) {
        offline = true;
        return [200, { ...session, status: 'approved' }];
      }
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    const { sheet } = await payInSheet();

    expect(await within(sheet).findByRole('alert')).toHaveTextContent(
      'Drape could not be reached.',
    );
    // The checkout's failure has the cart read again, and that read fails too.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/cart')).toHaveLength(2));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: 'Pay with PayPal' })).toHaveTextContent(
        'Drape could not be reached.',
      ),
    );
    expect(screen.queryByText('That did not load')).not.toBeInTheDocument();
    // Behind the sheet, so hidden from the accessibility tree while it is open.
    expect(
      screen.getByRole('list', { name: 'Items in your cart', hidden: true }),
    ).toBeInTheDocument();
  });

  it('closes the sheet when the payment no longer exists, and the shopper can pay again', async () => {
    const gone = 'That payment does not exist.';
    const calls = mockApi((method, url) => {
      if (url === '/api/user') return [200, ada];
      if (url === '/api/cart') return [200, cartOf([cartLine(7, 1)])];
      if (url === '/api/shipping') return [200, [home]];
      if (method === 'POST' && url === '/api/payments') return [200, session];
      // A tab left open past the day an unspent payment is kept after it expired.
      if (url === `/api/payments/${session.id}/approve`) {
        return [404, { error: { code: 'not_found', message: gone } }];
      }
      return [404, { error: { code: 'not_found', message: `${method} ${url}` } }];
    });
    const { pay } = await payInSheet();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('alert')).toHaveTextContent(gone);
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
    expect(calls.filter((c) => c.url.endsWith('/approve'))).toHaveLength(1);
  });

  it('keeps the focus on Pay Now while the payment opens, and after it fails', async () => {
    let answer: ((reply: [number, unknown]) => void) | undefined;
    const calls = renderCheckout(
      () => cartOf([cartLine(7, 1)]),
      () => new Promise((resolve) => (answer = resolve)),
    );

    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(pay);
    await waitFor(() => expect(pay).toHaveTextContent('Opening payment…'));
    // Busy, and still able to hold the keyboard's focus; a second press does nothing.
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).toBeEnabled();
    expect(pay).toHaveFocus();
    await userEvent.click(pay);
    expect(calls.filter((c) => c.url === '/api/payments')).toHaveLength(1);

    answer?.([500, { error: { code: 'internal', message: 'The provider did not answer.' } }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The provider did not answer.');
    expect(pay).toHaveTextContent('Pay Now');
    expect(pay).toHaveAttribute('aria-disabled', 'false');
    expect(pay).toHaveFocus();
  });

  it('says which lines are short of stock and will not pay until they are lowered', async () => {
    const calls = renderCheckout(() =>
      cartOf([cartLine(7, 3, 2), { ...cartLine(8, 1, 0), size: 'L' }, cartLine(9, 1, 5)]),
    );

    const list = await screen.findByRole('list', { name: 'Items in your cart' });
    const lines = within(list).getAllByRole('listitem');
    expect(lines[0]).toHaveTextContent('Only 2 left');
    expect(lines[1]).toHaveTextContent('Sold out');
    expect(lines[2]).not.toHaveTextContent(/left|Sold out/);

    const pay = screen.getByRole('button', { name: 'Pay Now' });
    // Still unavailable once the address is in: the shortage is what stops it.
    await screen.findByText('Home');
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(pay).toHaveAccessibleDescription(
      'Not enough left of Linen Shirt (Sage, M), Linen Shirt (Sage, L). Lower or remove them ' +
        'in your cart to pay.',
    );
    expect(screen.getByRole('link', { name: 'your cart' })).toHaveAttribute('href', '/cartlanding');
    await userEvent.click(pay);
    expect(calls.filter((c) => c.url === '/api/payments')).toHaveLength(0);
  });

  it('keeps the focus on Pay Now when a refusal finds a line short of stock', async () => {
    let stock = 5;
    renderCheckout(
      () => cartOf([cartLine(7, 3, stock)]),
      () => {
        // Someone else bought most of them meanwhile.
        stock = 2;
        return [409, { error: { code: 'conflict', message: 'Only 2 of Linen Shirt left.' } }];
      },
    );

    const pay = await screen.findByRole('button', { name: 'Pay Now' });
    await waitFor(() => expect(pay).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 2 of Linen Shirt left.');
    await waitFor(() => expect(pay).toHaveAccessibleDescription(/Not enough left/));
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    // A disabled button would drop the focus to the page in a browser.
    expect(pay).toBeEnabled();
    expect(pay).toHaveFocus();
  });
});
