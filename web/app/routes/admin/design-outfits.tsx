import { AdminFrame } from '../../../features/design/components/admin-frame';
import { OutfitList } from '../../../features/design/components/outfit-list';

/** /admin/design/outfits: every outfit with how shoppers answer it and its stock problems. */
export default function DesignOutfitsRoute() {
  return (
    <AdminFrame>
      <OutfitList />
    </AdminFrame>
  );
}
