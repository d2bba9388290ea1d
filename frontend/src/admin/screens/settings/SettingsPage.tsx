import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';

/** Placeholder while the screen is built (the lead replaces or removes it before anything lands). */
export default function SettingsPage() {
  return <ContentLayout header={<Header variant="h1">Settings</Header>}>Not built yet.</ContentLayout>;
}
