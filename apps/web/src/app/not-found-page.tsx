import { NotFound } from './not-found';

/** The /404 and unknown routes (the error page renders NotFound directly). */
export default function NotFoundPage() {
  return <NotFound />;
}
