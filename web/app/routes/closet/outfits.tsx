import Button from '@mui/material/Button';
import { Page } from '../../../components/page';
import { EmptyState } from '../../../components/states';
import {
  closetOutfitTotal,
  useClosetOccasions,
} from '../../../features/closet/api/get-closet-occasions';
import { useClosetOutfits } from '../../../features/closet/api/get-closet-outfits';
import { ClosetEmpty } from '../../../features/closet/components/closet-empty';
import { ClosetOutfitList } from '../../../features/closet/components/closet-outfit-list';
import {
  ClosetSearchField,
  useUrlSearch,
} from '../../../features/closet/components/closet-search-field';

export default function ClosetOutfitsRoute() {
  const [q, setQ] = useUrlSearch();
  const outfits = useClosetOutfits(q);
  // The count comes from the occasions' counts; a search has none of its own.
  const occasions = useClosetOccasions();
  const count = q.trim() || !occasions.data ? undefined : closetOutfitTotal(occasions.data);
  return (
    <Page
      title="My Closet: Outfits"
      subtitle="Every outfit you can wear from pieces you own."
      maxWidth="lg"
    >
      <ClosetSearchField
        value={q}
        onChange={setQ}
        label="Search closet outfits"
        placeholder="Name or description"
      />
      <ClosetOutfitList
        query={outfits}
        count={count}
        empty={
          q.trim() ? (
            <EmptyState
              title="No closet outfits match"
              body={`Nothing in your closet matches “${q.trim()}”. Try another word.`}
              action={
                <Button variant="outlined" onClick={() => setQ('')}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <ClosetEmpty kind="outfits" />
          )
        }
      />
    </Page>
  );
}
