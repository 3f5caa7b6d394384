import { AboutRoute } from './simple-pages';

export default AboutRoute;
