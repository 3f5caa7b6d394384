import Button from '@mui/material/Button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { EmptyState } from '../components/page';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <EmptyState
      title={notFound ? 'Page not found' : 'Something went wrong'}
      body={notFound ? 'That page does not exist.' : 'Reload the page to try again.'}
      action={
        <Button variant="contained" onClick={() => window.location.assign('/home')}>
          Back to outfits
        </Button>
      }
    />
  );
}
