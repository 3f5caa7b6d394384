import type { Arrival } from '../../contracts/cart';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const ARRIVAL_BUSINESS_DAYS = { min: 3, max: 5 } as const;

/**
 * Calendar dates are taken in UTC so that every app process, whatever its time zone, promises
 * the same window for the same moment.
 */
function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addBusinessDays(day: Date, count: number): Date {
  const next = new Date(day);
  let left = count;
  while (left > 0) {
    next.setUTCDate(next.getUTCDate() + 1);
    const weekday = next.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return next;
}

export function isoDate(day: Date): string {
  return day.toISOString().slice(0, 10);
}

function parseIsoDate(text: string): Date {
  return new Date(`${text}T00:00:00Z`);
}

/** "Nov 21-23", or "Nov 28-Dec 2" when the window spans two months. */
export function formatArrivalRange(from: Date, to: Date): string {
  const fromMonth = MONTHS[from.getUTCMonth()];
  const toMonth = MONTHS[to.getUTCMonth()];
  const start = `${fromMonth} ${from.getUTCDate()}`;
  if (from.getUTCMonth() === to.getUTCMonth() && from.getUTCFullYear() === to.getUTCFullYear()) {
    return from.getUTCDate() === to.getUTCDate() ? start : `${start}-${to.getUTCDate()}`;
  }
  return `${start}-${toMonth} ${to.getUTCDate()}`;
}

/** An order placed at `placedAt` arrives 3 to 5 business days (Monday to Friday) later. */
export function arrivalWindow(placedAt: Date): Arrival {
  const day = utcDay(placedAt);
  const from = addBusinessDays(day, ARRIVAL_BUSINESS_DAYS.min);
  const to = addBusinessDays(day, ARRIVAL_BUSINESS_DAYS.max);
  return { from: isoDate(from), to: isoDate(to), text: `Arrives: ${formatArrivalRange(from, to)}` };
}

/** The window an order stored, as dates from the database. */
export function storedArrival(from: string, to: string): Arrival {
  const start = parseIsoDate(from);
  const end = parseIsoDate(to);
  return { from, to, text: `Arrives: ${formatArrivalRange(start, end)}` };
}
