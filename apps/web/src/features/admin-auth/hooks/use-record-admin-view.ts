import { useEffect, useRef } from 'react';
import { logAdminActivity, type AdminActivityBody } from '../api/log-admin-activity';

/** Records a view (e.g. admin_dashboard_view) once per visit of the page, not once per render. */
export function useRecordAdminView(body: AdminActivityBody): void {
  const recorded = useRef(false);
  const bodyRef = useRef(body);
  useEffect(() => {
    if (recorded.current) return;
    recorded.current = true;
    void logAdminActivity(bodyRef.current);
  }, []);
}
