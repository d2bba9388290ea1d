import { Route, Routes } from 'react-router-dom';
import ExecutionDetailPage from './ExecutionDetailPage.tsx';
import PipelineOverview from './PipelineOverview.tsx';

/** Pipeline Control (admin spec: /admin/system/pipeline): the overview, and one execution's detail. */
export default function PipelinePage() {
  return (
    <Routes>
      <Route index element={<PipelineOverview />} />
      <Route path="executions/:machine/:name" element={<ExecutionDetailPage />} />
      <Route path="*" element={<PipelineOverview />} />
    </Routes>
  );
}
