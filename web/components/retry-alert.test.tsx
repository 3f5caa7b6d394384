import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RetryAlert } from './retry-alert';

/** A list that failed to load: a retry that works takes the alert away, as does `loaded`. */
function Pieces({ onRetry, loaded = false }: { onRetry?: () => void; loaded?: boolean }) {
  const [failed, setFailed] = useState(true);
  const section = useRef<HTMLElement>(null);
  return (
    <section ref={section} tabIndex={-1} aria-label="Tops">
      <input aria-label="Search tops" />
      {failed && !loaded ? (
        <RetryAlert onRetry={onRetry ?? (() => setFailed(false))} focusAfter={section}>
          The pieces could not be loaded.
        </RetryAlert>
      ) : (
        <p>Linen Shirt</p>
      )}
    </section>
  );
}

describe('RetryAlert', () => {
  it('says what failed and asks again on Retry', async () => {
    const retry = vi.fn();
    render(<Pieces onRetry={retry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The pieces could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('while asking again, says so and keeps focus on its button without asking twice', async () => {
    const retry = vi.fn();
    const nowhere = { current: null };
    render(
      <RetryAlert onRetry={retry} retrying focusAfter={nowhere}>
        The pieces could not be loaded.
      </RetryAlert>,
    );
    const button = screen.getByRole('button', { name: 'Retrying…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(button).toHaveFocus();
    expect(retry).not.toHaveBeenCalled();
  });

  it('when a retry from the keyboard works, moves focus to the element named, not the page', async () => {
    render(<Pieces />);
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Retry' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('region', { name: 'Tops' })).toHaveFocus();
    expect(document.body).not.toHaveFocus();
  });

  // E.g. the query asked again on its own when the connection came back: the page does not jump.
  it('takes no focus when it goes away without having had it', () => {
    const { rerender } = render(<Pieces />);
    rerender(<Pieces loaded />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body).toHaveFocus();
  });
});
