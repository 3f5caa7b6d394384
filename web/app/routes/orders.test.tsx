import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ORDER_PAGE_SIZE } from '../../../contracts/common';
import type { Order } from '../../../contracts/order';
import { ada } from '../../test/fixtures';
import { mockApi, renderWithApp } from '../../test/render';
import OrdersRoute from './orders';

/** Order `n` (1 the oldest): one line, a piece named for it. */
function order(n: number): Order {
  const number = `DR-261201-${String(n).padStart(4, '0')}`;
  return {
    number,
    placedAt: new Date(Date.UTC(2026, 10, 1) + n * 3_600_000).toISOString(),
    paymentMethod: 'paypal',
    lines: [
      {
        id: n,
        itemId: n,
        name: `Piece of order ${n}`,
        img: '/images/items/1.webp',
        color: 'Black',
        size: 'M',
        quantity: 1,
        unitPriceCents: 4_000,
        unitPrice: '$40.00',
        lineTotalCents: 4_000,
        lineTotal: '$40.00',
      },
    ],
    units: 1,
    subtotalCents: 4_000,
    subtotal: '$40.00',
    shippingCents: 0,
    shipping: '$0.00',
    totalCents: 4_000,
    total: '$40.00',
    address: {
      nickname: 'Home',
      recipient_name: 'Ada Lovelace',
      phone: '555-0100',
      street_address: '1 Main St',
      street_address_2: null,
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
    },
    arrival: { from: '2026-12-05', to: '2026-12-08', text: 'Arrives: Dec 5-8' },
    emailed: true,
  };
}

/** An order as the history lists it: no lines, no address. */
function head({ number, placedAt, paymentMethod, units, totalCents, total, arrival }: Order) {
  return { number, placedAt, paymentMethod, units, totalCents, total, arrival };
}

/**
 * The orders page over a server holding `count` orders, newest first, a page at a time, each
 * bill from GET /api/buy/{number}: answered by `bill` (the order itself unless it says else).
 * Returns the bills asked for, in order.
 */
function renderOrders(
  count: number,
  bill: (order: Order) => [number, unknown] = (order) => [200, order],
) {
  const all = Array.from({ length: count }, (_, i) => order(count - i));
  const billsAsked: string[] = [];
  mockApi((_method, url) => {
    if (url === '/api/user') return [200, ada];
    const { pathname, searchParams } = new URL(url, 'http://drape.test');
    const one = all.find((o) => pathname === `/api/buy/${o.number}`);
    if (one) {
      billsAsked.push(one.number);
      return bill(one);
    }
    if (pathname !== '/api/buy') return [404, { error: { code: 'not_found', message: 'No.' } }];
    const start = Number(searchParams.get('cursor') ?? 0);
    const end = start + ORDER_PAGE_SIZE;
    return [
      200,
      { items: all.slice(start, end).map(head), nextCursor: end < count ? String(end) : null },
    ];
  });
  renderWithApp(
    <Routes>
      <Route path="/orders" element={<OrdersRoute />} />
    </Routes>,
    { path: '/orders' },
  );
  return billsAsked;
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('Your orders', () => {
  it('opens the newest order with its bill, and draws another bill only when it is opened', async () => {
    renderOrders(3);
    expect(await screen.findByText('Piece of order 3')).toBeInTheDocument();
    expect(screen.queryByText('Piece of order 2')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /DR-261201-0002/ }));
    expect(await screen.findByText('Piece of order 2')).toBeInTheDocument();
    expect(screen.queryByText('Piece of order 1')).toBeNull();
  });

  it('reads a bill when its order is opened, and only once however often it opens', async () => {
    const asked = renderOrders(3);
    await screen.findByText('Piece of order 3');
    expect(asked).toEqual(['DR-261201-0003']);
    const second = screen.getByRole('button', { name: /DR-261201-0002/ });
    await userEvent.click(second);
    await screen.findByText('Piece of order 2');
    await userEvent.click(second);
    await waitFor(() => expect(screen.queryByText('Piece of order 2')).toBeNull());
    await userEvent.click(second);
    expect(await screen.findByText('Piece of order 2')).toBeInTheDocument();
    expect(asked).toEqual(['DR-261201-0003', 'DR-261201-0002']);
  });

  it('says when a bill did not load, and Retry reads it', async () => {
    let fail = true;
    renderOrders(1, (order) =>
      fail ? [503, { error: { code: 'unavailable', message: 'The shop is busy.' } }] : [200, order],
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The bill of DR-261201-0001 did not load');
    expect(screen.getByText('DR-261201-0001')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Piece of order 1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    // The Retry button went with the alert: the focus is on the order's entry, not lost.
    expect(screen.getByRole('button', { name: /DR-261201-0001/ })).toHaveFocus();
  });

  it('adds the next page under the first, every order once and newest first', async () => {
    const asked = renderOrders(ORDER_PAGE_SIZE + 3);
    await screen.findByText('Piece of order 15');
    expect(headings()).toHaveLength(ORDER_PAGE_SIZE);
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('DR-261201-0001');
    const numbers = headings().map((h) => h?.match(/DR-\d{6}-\d{4}/)?.[0]);
    expect(numbers).toEqual(
      Array.from({ length: 15 }, (_, i) => `DR-261201-${String(15 - i).padStart(4, '0')}`),
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    // The newest stays the one open; the second page's first is not opened as a page's first.
    expect(screen.getByRole('button', { name: /DR-261201-0003/ })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(asked).toEqual(['DR-261201-0015']);
    const newest = screen.getByRole('region', { name: /DR-261201-0015/ });
    expect(within(newest).getByText('Piece of order 15')).toBeInTheDocument();
  });
});
