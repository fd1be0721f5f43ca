import { useParams } from 'react-router';
import { PageSection } from '../../components/page-heading';

export function BlogArticlePage() {
  const { articleId } = useParams();
  return <PageSection title={articleId ?? 'Article'} />;
}
