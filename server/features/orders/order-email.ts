import { type Order, PAYMENT_METHOD_LABELS } from '../../../contracts/order';
import { escapeHtml, type MailMessage } from '../../lib/mailer';

/** The confirmation and bill: everything the confirmation screen shows, in text and HTML. */
export function orderConfirmationEmail(order: Order, to: string, name: string | null): MailMessage {
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const { address } = order;
  const addressLines = [
    address.recipient_name ?? address.nickname,
    address.street_address,
    ...(address.street_address_2 ? [address.street_address_2] : []),
    `${address.city}, ${address.state} ${address.zip}`,
    ...(address.phone ? [`Phone: ${address.phone}`] : []),
  ];
  const lines = [
    greeting,
    '',
    `Your order has been placed. Order number: ${order.number}`,
    '',
    ...order.lines.map(
      (l) => `${l.quantity} x ${l.name} (${l.color}, ${l.size}) @ ${l.unitPrice} = ${l.lineTotal}`,
    ),
    '',
    `Subtotal: ${order.subtotal}`,
    `Shipping: ${order.shipping}`,
    `Total: ${order.total}`,
    `Paid with ${PAYMENT_METHOD_LABELS[order.paymentMethod]}`,
    '',
    'Shipping to:',
    ...addressLines,
    '',
    order.arrival.text,
    '',
    'Thank you for shopping with Drape.',
  ];
  // Each entry is one line of the text part: a control character in a stored name or address
  // (written before they were refused, or by hand) must not start a line of its own.
  const text = lines.map((line) => line.replace(/\p{Cc}+/gu, ' ')).join('\n');

  const rows = order.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name)}<br><small>${escapeHtml(l.color)}, ${escapeHtml(l.size)}</small></td>` +
        `<td align="right">${l.quantity}</td><td align="right">${escapeHtml(l.unitPrice)}</td>` +
        `<td align="right">${escapeHtml(l.lineTotal)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html><body style="font-family:Georgia,serif;color:#1c1b1f">
<h1 style="font-weight:400">Your order has been placed</h1>
<p>${escapeHtml(greeting)}</p>
<p>Order number: <strong>${escapeHtml(order.number)}</strong></p>
<table cellpadding="6" style="border-collapse:collapse;font-family:Arial,sans-serif;font-size:14px">
<thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Amount</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><td colspan="3" align="right">Subtotal</td><td align="right">${escapeHtml(order.subtotal)}</td></tr>
<tr><td colspan="3" align="right">Shipping</td><td align="right">${escapeHtml(order.shipping)}</td></tr>
<tr><td colspan="3" align="right"><strong>Total</strong></td><td align="right"><strong>${escapeHtml(order.total)}</strong></td></tr>
</tfoot></table>
<p>Paid with ${escapeHtml(PAYMENT_METHOD_LABELS[order.paymentMethod])}</p>
<p>Shipping to:<br>${addressLines.map(escapeHtml).join('<br>')}</p>
<p>${escapeHtml(order.arrival.text)}</p>
<p>Thank you for shopping with Drape.</p>
</body></html>`;
  return {
    to,
    subject: `Your Drape order ${order.number}`,
    text,
    html,
    tag: order.number,
  };
}
