{{/* The image of a component: registry/name:tag, the tag the chart's appVersion unless set. */}}
{{- define "ocelot.image" -}}
{{ .root.Values.image.registry }}/{{ .name }}:{{ .root.Values.image.tag | default .root.Chart.AppVersion }}
{{- end -}}

{{/* Labels Helm's own tools look for; ChartTest leaves them out when it compares with deploy/. */}}
{{- define "ocelot.chartLabels" -}}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* The daemon's ServiceAccount as RBAC and admission name it. */}}
{{- define "ocelot.daemonUser" -}}
system:serviceaccount:{{ .Values.namespace }}:ocelot-daemon
{{- end -}}

{{/* host:port -> the host a probe asks (0.0.0.0 is every address: the probe asks loopback). */}}
{{- define "ocelot.metricsHost" -}}
{{- $host := splitList ":" . | first -}}
{{- if eq $host "0.0.0.0" }}127.0.0.1{{ else }}{{ $host }}{{ end -}}
{{- end -}}

{{/* host:port -> the port, a number. */}}
{{- define "ocelot.metricsPort" -}}
{{ splitList ":" . | last }}
{{- end -}}
