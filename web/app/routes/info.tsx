import { InfoRoute } from './simple-pages';

export default InfoRoute;
