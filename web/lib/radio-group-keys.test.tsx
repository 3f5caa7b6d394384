import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { onRadioGroupKeyDown, radioTabIndex } from './radio-group-keys';

const COLOURS = ['Black', 'Navy', 'Sand'];
/** Swatches are buttons drawn as colours, as in the item editor. */
const swatch = (checked: boolean) => ({ role: 'radio', 'aria-checked': checked });

function Swatches() {
  const [chosen, setChosen] = useState('Navy');
  return (
    <>
      <div role="radiogroup" aria-label="Colour" onKeyDown={onRadioGroupKeyDown}>
        {COLOURS.map((colour, index) => (
          <button
            key={colour}
            type="button"
            {...swatch(colour === chosen)}
            tabIndex={radioTabIndex(colour === chosen, false, index === 0)}
            onClick={() => setChosen(colour)}
          >
            {colour}
          </button>
        ))}
      </div>
      <button type="button">After</button>
    </>
  );
}

describe('onRadioGroupKeyDown', () => {
  it('moves and chooses with the arrows, round the ends, and Tab leaves the group', async () => {
    render(<Swatches />);
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: 'Navy' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Sand' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Sand' })).toBeChecked();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Black' })).toBeChecked();
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('radio', { name: 'Sand' })).toBeChecked();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('radio', { name: 'Black' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
  });
});
