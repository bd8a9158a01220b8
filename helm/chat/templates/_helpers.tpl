{{/* Names and labels shared by every manifest. */}}
{{- define "chat.fullname" -}}
{{- printf "%s-chat" .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "chat.labels" -}}
app.kubernetes.io/name: chat
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "chat.selector" -}}
app.kubernetes.io/name: chat
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "chat.image" -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .component (default .root.Chart.AppVersion .root.Values.image.tag) -}}
{{- end -}}

{{- define "chat.secretName" -}}
{{- default (include "chat.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{/*
A Node service's Deployment (auth, messages, gateway): the shared config and secret as environment,
probes on /healthz (alive) and /readyz (its dependencies answer), a read-only root filesystem.
Called with (dict "root" $ "component" "auth" "settings" .Values.auth).
*/}}
{{- define "chat.nodeDeployment" -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "chat.fullname" .root }}-{{ .component }}
  labels:
    {{- include "chat.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  {{- if not .autoscaled }}
  replicas: {{ .settings.replicas }}
  {{- end }}
  selector:
    matchLabels:
      {{- include "chat.selector" . | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "chat.selector" . | nindent 8 }}
      annotations:
        # A changed config or secret rolls the pods.
        checksum/config: {{ include (print .root.Template.BasePath "/configmap.yaml") .root | sha256sum }}
        checksum/secret: {{ include (print .root.Template.BasePath "/secret.yaml") .root | sha256sum }}
    spec:
      {{- with .root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml .root.Values.podSecurityContext | nindent 8 }}
      # Long enough for SIGTERM to drain in-flight requests (the services allow 10 s).
      terminationGracePeriodSeconds: 30
      containers:
        - name: {{ .component }}
          image: {{ include "chat.image" . }}
          imagePullPolicy: {{ .root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: 8080
          envFrom:
            - configMapRef:
                name: {{ include "chat.fullname" .root }}
            - secretRef:
                name: {{ include "chat.secretName" .root }}
          livenessProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 10
            failureThreshold: 3
          readinessProbe:
            httpGet: { path: /readyz, port: http }
            periodSeconds: 5
            failureThreshold: 2
          startupProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 2
            failureThreshold: 30
          resources:
            {{- toYaml .settings.resources | nindent 12 }}
          securityContext:
            allowPrivilegeEscalation: false
            readOnlyRootFilesystem: true
            runAsUser: 1000
            capabilities:
              drop: [ALL]
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
{{- end -}}

{{/* A ClusterIP Service for one component on port 8080. */}}
{{- define "chat.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "chat.fullname" .root }}-{{ .component }}
  labels:
    {{- include "chat.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  type: ClusterIP
  selector:
    {{- include "chat.selector" . | nindent 4 }}
  ports:
    - name: http
      port: 8080
      targetPort: http
{{- end -}}
