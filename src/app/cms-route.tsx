/**
 * SPEC §2 catch-all "/*" for one-segment addresses: the page the editors published
 * there, or the site's 404 page when there is none (the server answers 404 with the same).
 */
import { useParams } from 'react-router';
import { CmsSlugPage } from '../features/news';
import { ErrorPage } from './error-page';
import { MessageInPage } from './layouts/layouts';

/** No page there: the 404 message on its card, as on every other unknown address. */
function NotFound() {
  return (
    <MessageInPage>
      <ErrorPage status={404} />
    </MessageInPage>
  );
}

export function CmsRoutePage() {
  const { cmsSlug = '' } = useParams();
  return <CmsSlugPage key={cmsSlug} slug={cmsSlug} notFound={NotFound} />;
}
