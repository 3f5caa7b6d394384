import { isRouteErrorResponse, useRouteError } from 'react-router';
import button from '../components/button.module.css';
import { EmptyState } from '../components/states';
import { classNames } from '../lib/class-names';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <EmptyState
      title={notFound ? 'Page not found' : 'Something went wrong'}
      body={notFound ? 'That page does not exist.' : 'Reload the page to try again.'}
      action={
        <button
          type="button"
          className={classNames(button.button, button.contained)}
          onClick={() => window.location.assign('/home')}
        >
          Back to outfits
        </button>
      }
    />
  );
}
