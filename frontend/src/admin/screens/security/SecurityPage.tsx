import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';

/** Placeholder while the screen is built (the lead replaces or removes it before anything lands). */
export default function SecurityPage() {
  return <ContentLayout header={<Header variant="h1">Security</Header>}>Not built yet.</ContentLayout>;
}
