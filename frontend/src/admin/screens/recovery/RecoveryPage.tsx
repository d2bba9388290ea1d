import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';

/** Placeholder while the screen is built (the lead replaces or removes it before anything lands). */
export default function RecoveryPage() {
  return <ContentLayout header={<Header variant="h1">Recovery</Header>}>Not built yet.</ContentLayout>;
}
