import { UserRoute } from './simple-pages';

export default UserRoute;
