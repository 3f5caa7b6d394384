import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/states';

export default function NotFoundRoute() {
  return (
    <EmptyState
      heading="h1"
      title="This page went out of style"
      body="We could not find that page. It may have moved, or the link may be mistyped."
      action={
        <Button component={RouterLink} to="/home" variant="contained">
          Back to outfits
        </Button>
      }
    />
  );
}
