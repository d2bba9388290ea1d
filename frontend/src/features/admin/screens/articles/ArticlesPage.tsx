import { Route, Routes } from 'react-router-dom';
import { ArticleEditor } from './ArticleEditor.tsx';
import { ArticleList } from './ArticleList.tsx';

/** Article Management at /admin/content/articles/*: the list, Add Article (/new) and the editor (/:id/edit). */
export default function ArticlesPage() {
  return (
    <Routes>
      <Route index element={<ArticleList />} />
      <Route path="new" element={<ArticleEditor />} />
      <Route path=":id/edit" element={<ArticleEditor />} />
    </Routes>
  );
}
