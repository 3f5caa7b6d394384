/** Size order is shared with the web app (its pickers list sizes the same way). */
export { compareSizes } from '../../contracts/sizes';
