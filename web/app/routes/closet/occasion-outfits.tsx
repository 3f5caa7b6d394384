import Button from '@mui/material/Button';
import { Link as RouterLink, useParams } from 'react-router';
import { Page } from '../../../components/page';
import { EmptyState } from '../../../components/states';
import { useClosetOccasionOutfits } from '../../../features/closet/api/get-closet-occasion-outfits';
import { useClosetOccasions } from '../../../features/closet/api/get-closet-occasions';
import { ClosetEmpty } from '../../../features/closet/components/closet-empty';
import { ClosetOutfitList } from '../../../features/closet/components/closet-outfit-list';
import { ApiRequestError } from '../../../lib/api-client';

export default function ClosetOccasionOutfitsRoute() {
  const { name = '' } = useParams();
  const outfits = useClosetOccasionOutfits(name);
  const occasion = outfits.data?.pages[0]?.occasion;
  const counts = useClosetOccasions();
  const count = counts.data?.find((o) => o.id === occasion?.id)?.outfits;
  const unknown = outfits.error instanceof ApiRequestError && outfits.error.status === 404;
  // A name the shop refuses; a search too long is the search field's to say.
  const badName =
    outfits.error instanceof ApiRequestError &&
    outfits.error.status === 400 &&
    'occasion' in outfits.error.fields;

  if (unknown || badName) {
    return (
      <Page title="My Closet">
        <EmptyState
          title="No such occasion"
          body={`We don't have an occasion called “${name}”.`}
          action={
            <Button component={RouterLink} to="/closet/occasions" variant="contained">
              All occasions
            </Button>
          }
        />
      </Page>
    );
  }
  return (
    <Page
      title={occasion?.name ?? name}
      subtitle={`My Closet · ${occasion?.name ?? name} outfits from pieces you own.`}
      maxWidth="lg"
    >
      <ClosetOutfitList
        query={outfits}
        count={count}
        showOccasion={false}
        empty={<ClosetEmpty kind="outfits" />}
      />
    </Page>
  );
}
