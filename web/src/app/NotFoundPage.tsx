import { NotFound } from '../shared/NotFound';

export default function NotFoundPage() {
  return <NotFound />;
}
