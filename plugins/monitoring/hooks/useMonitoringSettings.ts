import { useState } from 'react';

import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { MonitoringApiToken, type NewRule } from '../api/MonitoringApi';
import { monitoringKeys } from './monitoringKeys';

/** Monitoring settings: rules and recipients, the families a rule can select, unsubscribed recipients (subscribe again), the delivery log. */
export function useMonitoringSettings() {
  const api = useService(MonitoringApiToken);
  const [deliveryPage, setDeliveryPage] = useState(0);
  const rules = useLoader(monitoringKeys.rules, () => api.getRules(), { describe: errorText });
  const families = useLoader(monitoringKeys.families, () => api.getFamilies(), { describe: errorText });
  const unsubscribed = useLoader(monitoringKeys.unsubscribed, () => api.getUnsubscribed(), { describe: errorText });
  const deliveries = useLoader(monitoringKeys.deliveries(deliveryPage), () => api.getDeliveries(deliveryPage), {
    describe: errorText,
  });
  const createRule = useMutation((rule: NewRule) => api.createRule(rule), {
    describe: errorText,
    invalidates: [monitoringKeys.rules],
  });
  const deleteRule = useMutation((ruleId: string) => api.deleteRule(ruleId), {
    describe: errorText,
    invalidates: [monitoringKeys.rules],
  });
  const resubscribe = useMutation((email: string, ruleId: string | null) => api.resubscribe(email, ruleId), {
    describe: errorText,
    invalidates: [monitoringKeys.unsubscribed],
  });
  return {
    rules,
    families,
    unsubscribed,
    deliveries,
    deliveryPage,
    setDeliveryPage,
    createRule,
    deleteRule,
    resubscribe,
  };
}
