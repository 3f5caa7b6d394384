import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useLocation, useNavigate } from 'react-router';

/** SPEC's Outfit/Category toggle above the favorites and closet pages. */
export function SectionToggle({
  outfitsPath,
  categoriesPath,
  label,
}: {
  outfitsPath: string;
  categoriesPath: string;
  label: string;
}) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const value = pathname.startsWith(categoriesPath) ? categoriesPath : outfitsPath;
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      value={value}
      onChange={(_, next: string | null) => next && navigate(next)}
      aria-label={label}
      sx={{ bgcolor: 'background.paper', borderRadius: 999 }}
    >
      <ToggleButton value={outfitsPath}>Outfit</ToggleButton>
      <ToggleButton value={categoriesPath}>Category</ToggleButton>
    </ToggleButtonGroup>
  );
}
