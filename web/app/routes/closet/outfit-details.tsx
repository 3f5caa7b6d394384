import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { useClosetOutfit } from '../../../features/closet/api/get-closet-outfit';
import { ClosetOutfitDetails } from '../../../features/closet/components/closet-outfit-details';
import { ApiRequestError } from '../../../lib/api-client';

export default function ClosetOutfitDetailsRoute() {
  const { id: param = '' } = useParams();
  const id = /^\d{1,9}$/.test(param) ? Number(param) : Number.NaN;
  const outfit = useClosetOutfit(id);
  const missing =
    Number.isNaN(id) ||
    id === 0 ||
    (outfit.error instanceof ApiRequestError &&
      (outfit.error.status === 404 || outfit.error.status === 400));

  if (missing) {
    return (
      <Page title="Outfit">
        <EmptyState
          title="This outfit isn't in your closet"
          body="A closet outfit is one whose five pieces you own. It may be one you haven't finished collecting."
          action={
            <Button component={RouterLink} to="/closet/outfits" variant="contained">
              Your closet outfits
            </Button>
          }
        />
      </Page>
    );
  }
  if (outfit.isPending) {
    return (
      <Page title="Outfit">
        <Loading label="Loading the outfit" />
      </Page>
    );
  }
  if (outfit.isError) {
    return (
      <Page title="Outfit">
        <ErrorState message={outfit.error.message} onRetry={() => outfit.refetch()} />
      </Page>
    );
  }
  return (
    <Page title={outfit.data.name} maxWidth="lg">
      <ClosetOutfitDetails outfit={outfit.data} />
    </Page>
  );
}
