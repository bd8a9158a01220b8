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

{{/* A component's image: its own repository/tag if set, else <registry>/<component>:<tag or appVersion>. */}}
{{- define "chat.image" -}}
{{- $own := .settings.image | default dict -}}
{{- $repository := $own.repository | default (printf "%s/%s" .root.Values.image.registry .component) -}}
{{- $tag := $own.tag | default .root.Values.image.tag | default .root.Chart.AppVersion -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{- define "chat.secretName" -}}
{{- default (include "chat.fullname" .) .Values.existingSecret -}}
{{- end -}}

{{/* Whether the session cookie is Secure: as set, else exactly when the Ingress serves TLS. */}}
{{- define "chat.cookieSecure" -}}
{{- if kindIs "bool" .Values.config.cookieSecure -}}
{{- .Values.config.cookieSecure -}}
{{- else -}}
{{- and .Values.ingress.enabled .Values.ingress.tls.enabled -}}
{{- end -}}
{{- end -}}

{{/* How many replicas a component runs at least: the HPA's floor when it scales. */}}
{{- define "chat.minReplicas" -}}
{{- if and .settings.autoscaling .settings.autoscaling.enabled -}}
{{- .settings.autoscaling.minReplicas -}}
{{- else -}}
{{- .settings.replicas -}}
{{- end -}}
{{- end -}}

{{/*
What each Node service is given from the Secret: only what it uses (the gateway has no database
or object store credentials).
*/}}
{{- define "chat.secretKeys" -}}
{{- $keys := dict
  "auth" (list "JWT_SECRET" "DATABASE_URL" "NATS_URL" "REDIS_URL" "S3_ACCESS_KEY" "S3_SECRET_KEY")
  "messages" (list "JWT_SECRET" "DATABASE_URL" "NATS_URL" "REDIS_URL" "S3_ACCESS_KEY" "S3_SECRET_KEY")
  "gateway" (list "JWT_SECRET" "NATS_URL" "REDIS_URL") -}}
{{- index $keys . | join " " -}}
{{- end -}}

{{/*
A checksum of what the Secret is made from, for a rollout when it changes. Not of the rendered
Secret: a generated JWT secret differs between renders and would restart every pod on upgrade.
*/}}
{{- define "chat.secretChecksum" -}}
{{- list .Values.jwtSecret .Values.existingSecret .Values.postgres .Values.nats.url .Values.redis.url .Values.s3.accessKey .Values.s3.secretKey .Values.turn.secret | toJson | sha256sum -}}
{{- end -}}

{{/* The pod and container hardening every component shares. */}}
{{- define "chat.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
runAsNonRoot: true
capabilities:
  drop: [ALL]
{{- end -}}

{{/* Waits while endpoints are withdrawn, so no request arrives after SIGTERM. */}}
{{- define "chat.preStop" -}}
preStop:
  exec:
    command: ["sleep", "{{ .Values.preStopDelaySeconds }}"]
{{- end -}}

{{/* A component's ServiceAccount: no API token mounted, as no component calls the Kubernetes API. */}}
{{- define "chat.serviceAccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "chat.fullname" .root }}-{{ .component }}
  labels:
    {{- include "chat.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
automountServiceAccountToken: false
{{- end -}}

{{/*
A Node service's Deployment (auth, messages, gateway): the shared config and its own keys of the
secret as environment, probes on /healthz (alive) and /readyz (its dependencies answer), a
read-only root filesystem. Called with (dict "root" $ "component" "auth" "settings" .Values.auth).
*/}}
{{- define "chat.nodeDeployment" -}}
{{- $autoscaled := and .settings.autoscaling .settings.autoscaling.enabled -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "chat.fullname" .root }}-{{ .component }}
  labels:
    {{- include "chat.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  {{- if not $autoscaled }}
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
        checksum/secret: {{ include "chat.secretChecksum" .root }}
    spec:
      serviceAccountName: {{ include "chat.fullname" .root }}-{{ .component }}
      automountServiceAccountToken: false
      {{- with .root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        {{- toYaml .root.Values.podSecurityContext | nindent 8 }}
      # The pause before SIGTERM, then up to 10 s for in-flight requests to drain.
      terminationGracePeriodSeconds: {{ add .root.Values.preStopDelaySeconds 25 }}
      {{- if eq .component "gateway" }}
      # Gateways on different nodes: a lost node drops only its share of the sockets.
      topologySpreadConstraints:
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "chat.selector" . | nindent 14 }}
      {{- end }}
      containers:
        - name: {{ .component }}
          image: {{ include "chat.image" . }}
          imagePullPolicy: {{ .root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: 8080
            - name: metrics
              containerPort: 9464
          envFrom:
            - configMapRef:
                name: {{ include "chat.fullname" .root }}
          env:
            {{- range (include "chat.secretKeys" .component | splitList " ") }}
            - name: {{ . }}
              valueFrom:
                secretKeyRef:
                  name: {{ include "chat.secretName" $.root }}
                  key: {{ . }}
            {{- end }}
            {{- if and (eq .component "auth") .root.Values.turn.enabled }}
            {{- include "chat.turnEnv" .root | nindent 12 }}
            {{- end }}
            {{- if ne .component "gateway" }}
            - name: S3_ENDPOINT
              value: {{ required "s3.endpoint is required (http://minio:9000)" .root.Values.s3.endpoint | quote }}
            - name: S3_BUCKET
              value: {{ .root.Values.s3.bucket | quote }}
            - name: S3_REGION
              value: {{ .root.Values.s3.region | quote }}
            {{- end }}
          livenessProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 10
            timeoutSeconds: 2
            failureThreshold: 3
          # /readyz asks every dependency, each given up to 2 s.
          readinessProbe:
            httpGet: { path: /readyz, port: http }
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 2
          startupProbe:
            httpGet: { path: /healthz, port: http }
            periodSeconds: 2
            failureThreshold: 30
          lifecycle:
            {{- include "chat.preStop" .root | nindent 12 }}
          resources:
            {{- toYaml .settings.resources | nindent 12 }}
          securityContext:
            {{- include "chat.containerSecurityContext" . | nindent 12 }}
            runAsUser: 1000
          volumeMounts:
            - name: tmp
              mountPath: /tmp
      volumes:
        - name: tmp
          emptyDir: {}
{{- end -}}

{{/* A ClusterIP Service for one component: the app on port 8080, a Node service's /metrics on 9464. */}}
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
    {{- if ne .component "web" }}
    - name: metrics
      port: 9464
      targetPort: metrics
    {{- end }}
{{- end -}}

{{/*
The S3 store's port for the NetworkPolicies: networkPolicy.egress.s3.port when set, else the port
of s3.endpoint (443 for https, 80 for http when it names none).
*/}}
{{- define "chat.s3Port" -}}
{{- $endpoint := urlParse (required "s3.endpoint is required (http://minio:9000)" .Values.s3.endpoint) -}}
{{- $named := regexFind "[0-9]+$" (regexFind ":[0-9]+$" $endpoint.host) -}}
{{- coalesce .Values.networkPolicy.egress.s3.port $named (ternary "443" "80" (eq $endpoint.scheme "https")) -}}
{{- end -}}

{{/*
Voluntary disruptions (node drains, upgrades) take one pod of a component at a time, so sockets
move instead of all dropping. Only for more than one replica: with one, a budget would block drains.
*/}}
{{- define "chat.podDisruptionBudget" -}}
{{- if gt (include "chat.minReplicas" . | int) 1 }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "chat.fullname" .root }}-{{ .component }}
  labels:
    {{- include "chat.labels" .root | nindent 4 }}
    app.kubernetes.io/component: {{ .component }}
spec:
  maxUnavailable: 1
  selector:
    matchLabels:
      {{- include "chat.selector" . | nindent 6 }}
{{- end }}
{{- end -}}

{{/*
What auth needs to hand out calls' ICE servers: where browsers reach coturn, and the secret coturn
checks each user's credential with (TURN_SECRET, from the Secret).
*/}}
{{- define "chat.turnEnv" -}}
{{- $turn := .Values.turn -}}
{{- $urls := list (printf "turn:%s:%v?transport=udp" $turn.host $turn.port) (printf "turn:%s:%v?transport=tcp" $turn.host $turn.port) -}}
{{- if and .Values.ingress.enabled .Values.ingress.tls.enabled -}}
{{- $urls = append $urls (printf "turns:%s:%v?transport=tcp" $turn.host $turn.tlsPort) -}}
{{- end -}}
- name: TURN_URLS
  value: {{ join "," $urls | quote }}
- name: TURN_RELAY_ONLY
  value: {{ $turn.relayOnly | quote }}
- name: TURN_TTL_SECONDS
  value: {{ $turn.credentialTtlSeconds | quote }}
- name: TURN_SECRET
  valueFrom:
    secretKeyRef:
      name: {{ include "chat.secretName" . }}
      key: TURN_SECRET
{{- end -}}
