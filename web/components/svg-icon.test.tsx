import Close from '@mui/icons-material/Close';
import Favorite from '@mui/icons-material/Favorite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// The icons are imported from MUI's package exactly as the screens import them: the build (and
// this test project) builds them with web/components/svg-icon.tsx.
describe('icons', () => {
  it('are plain SVG drawings, hidden from screen readers unless named', () => {
    render(<Close />);
    const icon = screen.getByTestId('CloseIcon');
    expect(icon.tagName.toLowerCase()).toBe('svg');
    expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(icon.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(icon.querySelector('path')?.getAttribute('d')).toBeTruthy();
    // Not MUI's own icon component, which would carry its generated classes.
    expect(icon.getAttribute('class')).not.toMatch(/Mui|css-/);
  });

  it('take a size, a colour, a class and a name', () => {
    render(<Favorite fontSize="small" color="secondary" className="mine" titleAccess="Loved" />);
    const icon = screen.getByRole('img', { name: 'Loved' });
    expect(icon.getAttribute('aria-hidden')).toBeNull();
    expect(icon.getAttribute('class')).toMatch(/small/);
    expect(icon.getAttribute('class')).toMatch(/secondary/);
    expect(icon.getAttribute('class')).toMatch(/\bmine\b/);
  });
});
