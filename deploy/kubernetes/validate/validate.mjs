// Validates rendered Kubernetes manifests (a multi-document YAML stream on stdin, `kubectl kustomize` output) against
// the Kubernetes API schema (the npm package kubernetes-models: the OpenAPI schema of Kubernetes 1.27, compiled), and
// checks what issue 38 asks of the router's objects. scripts/validate-k8s.sh runs it on the base and on every overlay.
//
//   kubectl kustomize deploy/kubernetes | node deploy/kubernetes/validate/validate.mjs NAME
//
// Schema: every object's kind must be one we know (an unknown kind fails, it is never skipped), its fields must have
// the schema's types and required fields, and no field may be unknown: kubernetes-models' validators do not reject
// unknown fields (the API server does, with kubectl's default --validate=strict), so each object is validated through a
// Proxy that records which fields the validator read; a field it never read, in an object whose keys it never
// enumerated (maps such as labels are enumerated), is unknown: a typo such as readOnlyRootFileSystem fails here.
// Prints one line per object, then the checks, then "k8s validate NAME: PASS ..." or "FAIL ..."; exit 1 on a failure.
import { readFileSync } from "node:fs";
import { parseAllDocuments } from "yaml";
import { ConfigMap, Namespace, Secret, Service, ServiceAccount } from "kubernetes-models/v1";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { NetworkPolicy } from "kubernetes-models/networking.k8s.io/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";

const models = [ConfigMap, Namespace, Secret, Service, ServiceAccount, Deployment, HorizontalPodAutoscaler, NetworkPolicy,
  PodDisruptionBudget];
const modelOf = (apiVersion, kind) => models.find((m) => m.apiVersion === apiVersion && m.kind === kind);

const name = process.argv[2] ?? "manifests";
const failures = [];
const fail = (what) => { failures.push(what); console.log(`FAIL  ${what}`); };
const pass = (what) => console.log(`PASS  ${what}`);
const check = (what, ok) => (ok ? pass(what) : fail(what));

// --- schema: the API's types, required fields, enums; and no unknown field
function tracked(value, reads) {
  if (value === null || typeof value !== "object") return value;
  const seen = { keys: new Set(), enumerated: false };
  reads.set(value, seen);
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === "string") seen.keys.add(key);
      return tracked(Reflect.get(target, key, receiver), reads);
    },
    ownKeys(target) { seen.enumerated = true; return Reflect.ownKeys(target); },
  });
}
function unknownFields(value, reads, path, out) {
  if (value === null || typeof value !== "object") return out;
  const seen = reads.get(value);
  for (const key of Object.keys(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    if (!Array.isArray(value) && seen && !seen.enumerated && !seen.keys.has(key)) out.push(at);
    unknownFields(value[key], reads, at, out);
  }
  return out;
}

const text = readFileSync(0, "utf8");
const docs = parseAllDocuments(text).map((d) => {
  if (d.errors.length > 0) throw new Error(`YAML: ${d.errors[0].message}`);
  return d.toJS();
}).filter((d) => d);
const objects = [];
for (const doc of docs) {
  const id = `${doc.kind}/${doc.metadata?.name} (${doc.apiVersion})`;
  const model = modelOf(doc.apiVersion, doc.kind);
  if (!model) { fail(`${id}: a kind this validator has no schema for`); continue; }
  const reads = new Map();
  try {
    model.prototype.validate.call(tracked(doc, reads));
  } catch (e) {
    fail(`${id}: rejected by the Kubernetes API schema: ${e.message}`);
    continue;
  }
  const unknown = unknownFields(doc, reads, "", []);
  if (unknown.length > 0) { fail(`${id}: unknown fields ${unknown.join(", ")}`); continue; }
  pass(`${id}: valid against the Kubernetes 1.27 API schema`);
  objects.push(doc);
}

// --- what the issue asks of the router's objects
const of = (kind) => objects.filter((o) => o.kind === kind);
for (const kind of ["Deployment", "Service", "PodDisruptionBudget", "HorizontalPodAutoscaler", "NetworkPolicy", "ConfigMap"]) {
  check(`${kind}: rendered and valid (${of(kind).map((o) => o.metadata.name).join(", ") || "none"})`, of(kind).length > 0);
}
const deployment = of("Deployment").find((d) => d.metadata.name === "soap-router");
const matches = (selector, labels) => Object.entries(selector ?? {}).every(([k, v]) => labels?.[k] === v) && Object.keys(selector ?? {}).length > 0;
// router.json: JSON with // comments (the router's loader reads comments); the strings hold none of "//" at a line start.
const jsonc = (s) => JSON.parse(s.split("\n").filter((l) => !l.trim().startsWith("//")).join("\n"));
const seconds = (ts) => { const [h, m, s] = (ts ?? "00:00:00").split(":").map(Number); return h * 3600 + m * 60 + s; };

if (deployment) {
  const pod = deployment.spec.template.spec;
  const labels = deployment.spec.template.metadata.labels;
  const router = pod.containers.find((c) => c.name === "router");
  const sc = router?.securityContext ?? {};
  check(`Deployment: at least 2 replicas (${deployment.spec.replicas})`, deployment.spec.replicas >= 2);
  check(`Deployment: readiness probe GET /health (${router?.readinessProbe?.httpGet?.path} on ${router?.readinessProbe?.httpGet?.port})`,
    router?.readinessProbe?.httpGet?.path === "/health");
  check(`Deployment: liveness probe (${router?.livenessProbe?.httpGet?.path}, ${router?.livenessProbe?.periodSeconds} s x ${router?.livenessProbe?.failureThreshold})`,
    Boolean(router?.livenessProbe?.httpGet || router?.livenessProbe?.tcpSocket));
  check(`Deployment: memory limit (${router?.resources?.limits?.memory})`, Boolean(router?.resources?.limits?.memory));
  check("Deployment: runAsNonRoot", (sc.runAsNonRoot ?? pod.securityContext?.runAsNonRoot) === true);
  check("Deployment: readOnlyRootFilesystem", sc.readOnlyRootFilesystem === true);
  check("Deployment: allowPrivilegeEscalation false", sc.allowPrivilegeEscalation === false);
  check("Deployment: every capability dropped", (sc.capabilities?.drop ?? []).includes("ALL") && !(sc.capabilities?.add?.length));
  check("Deployment: spread over nodes (topologySpreadConstraints on kubernetes.io/hostname)",
    (pod.topologySpreadConstraints ?? []).some((t) => t.topologyKey === "kubernetes.io/hostname" && matches(t.labelSelector?.matchLabels, labels)));
  check("Deployment: no subPath mount (a subPath mount never sees a ConfigMap or Secret update)",
    (router?.volumeMounts ?? []).every((m) => !m.subPath));

  // The grace period outlasts the preStop pause, the drain delay and the drain timeout of the router.json it mounts.
  const configVolume = pod.volumes.find((v) => router.volumeMounts.some((m) => m.name === v.name && m.mountPath === "/etc/router"));
  const configMap = of("ConfigMap").find((c) => c.metadata.name === configVolume?.configMap?.name);
  const config = configMap ? jsonc(configMap.data["router.json"]) : undefined;
  const preStop = router?.lifecycle?.preStop?.exec?.command?.[0] === "sleep" ? Number(router.lifecycle.preStop.exec.command[1]) : 0;
  const drainDelay = seconds(config?.shutdown?.drainDelay), drainTimeout = seconds(config?.shutdown?.drainTimeout ?? "00:00:30");
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  check(`Deployment: terminationGracePeriodSeconds ${grace} > preStop ${preStop} + shutdown.drainDelay ${drainDelay} + shutdown.drainTimeout ${drainTimeout} s (router.json from ConfigMap ${configMap?.metadata.name})`,
    config !== undefined && grace > preStop + drainDelay + drainTimeout);

  // TLS from a Secret in cert-manager's names.
  const tlsVolume = pod.volumes.find((v) => v.secret && router.volumeMounts.some((m) => m.name === v.name && m.mountPath === "/etc/router-tls"));
  const certs = (config?.listeners ?? []).map((l) => l.tls?.certificate).filter(Boolean);
  check(`Deployment: TLS from the Secret ${tlsVolume?.secret?.secretName}, router.json names tls.crt and tls.key`,
    Boolean(tlsVolume) && certs.length > 0 && certs.every((c) => c.path === "/etc/router-tls/tls.crt" && c.keyPath === "/etc/router-tls/tls.key"));

  // Every listener router.json opens is a container port (net.tcp:// has no default port: it is always written).
  const listenerPortsInConfig = [...new Set((config?.listeners ?? []).map((l) => Number(new URL(l.address.replace(/^net\.tcp:/, "http:")).port)))];
  check(`Deployment: every port router.json listens on is a container port (${listenerPortsInConfig.join(", ")})`,
    listenerPortsInConfig.length > 0 && listenerPortsInConfig.every((port) => router.ports.some((p) => p.containerPort === port)));

  // Services: each selects the router's pods; the admin port has a Service of its own.
  const ports = Object.fromEntries(router.ports.map((p) => [p.name, p.containerPort]));
  const services = of("Service");
  check(`Service: every Service selects the router's pods (${services.map((s) => s.metadata.name).join(", ")})`,
    services.every((s) => matches(s.spec.selector, labels)));
  const serves = (s, port) => s.spec.ports.some((p) => p.targetPort === port || p.targetPort === ports[port]);
  check("Service: https and net.tcp exposed", services.some((s) => serves(s, "https")) && services.some((s) => serves(s, "nettcp")));
  const adminServices = services.filter((s) => serves(s, "admin"));
  check(`Service: the admin port only on its own ClusterIP Service (${adminServices.map((s) => s.metadata.name).join(", ")})`,
    adminServices.length === 1 && adminServices[0].spec.ports.length === 1 && (adminServices[0].spec.type ?? "ClusterIP") === "ClusterIP");

  // PodDisruptionBudget and HorizontalPodAutoscaler aim at the router.
  const pdb = of("PodDisruptionBudget")[0];
  check("PodDisruptionBudget: selects the router's pods", pdb && matches(pdb.spec.selector.matchLabels, labels));
  const hpa = of("HorizontalPodAutoscaler")[0];
  check(`HorizontalPodAutoscaler: scales the Deployment on CPU, ${hpa?.spec.minReplicas} to ${hpa?.spec.maxReplicas}`,
    hpa && hpa.spec.scaleTargetRef.kind === "Deployment" && hpa.spec.scaleTargetRef.name === deployment.metadata.name &&
    hpa.spec.minReplicas >= 2 && hpa.spec.metrics.some((m) => m.resource?.name === "cpu"));

  // NetworkPolicy: in, the listener ports and admin from monitoring only; out, named destinations only.
  const policy = of("NetworkPolicy").find((p) => matches(p.spec.podSelector.matchLabels, labels));
  const adminRules = (policy?.spec.ingress ?? []).filter((r) => (r.ports ?? []).some((p) => p.port === "admin" || p.port === ports.admin));
  check("NetworkPolicy: Ingress and Egress both restricted", ["Ingress", "Egress"].every((t) => policy?.spec.policyTypes.includes(t)));
  check("NetworkPolicy: admin only from the namespace monitoring",
    adminRules.length === 1 && adminRules[0].from?.length === 1 &&
    adminRules[0].from[0].namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "monitoring");
  const openRules = (policy?.spec.ingress ?? []).filter((r) => !r.from);
  check("NetworkPolicy: ingress from anywhere only to listener ports",
    openRules.every((r) => (r.ports ?? []).length > 0 && r.ports.every((p) => p.port !== "admin" && p.port !== ports.admin)));
  const listenerPorts = router.ports.filter((p) => p.name !== "admin");
  check(`NetworkPolicy and Services: every listener port is open and served (${listenerPorts.map((p) => `${p.name} ${p.containerPort}`).join(", ")})`,
    listenerPorts.every((l) => openRules.some((r) => r.ports.some((p) => p.port === l.name || p.port === l.containerPort)) &&
      services.some((s) => serves(s, l.name))));
  const egress = policy?.spec.egress ?? [];
  check("NetworkPolicy: every egress rule names its destination and ports (DNS, backends, Redis, RabbitMQ)",
    egress.length >= 4 && egress.every((r) => r.to?.length > 0 && r.ports?.length > 0) &&
    egress.some((r) => r.ports.some((p) => p.port === 53)) && egress.some((r) => r.ports.some((p) => p.port === 6379)) &&
    egress.some((r) => r.ports.some((p) => p.port === 5672)));
  // kustomize's selector labels must not reach into selectors of other apps' pods (kube-dns).
  check("NetworkPolicy: the DNS rule selects kube-dns's pods only",
    egress.some((r) => r.to.some((t) => JSON.stringify(t.podSelector?.matchLabels) === JSON.stringify({ "k8s-app": "kube-dns" }))));
} else {
  fail("Deployment soap-router: missing");
}
check("no Secret rendered (keys come from cert-manager or kubectl, never from the tree)", of("Secret").length === 0);
check("no StatefulSet of our own (Redis and RabbitMQ are external)", !docs.some((d) => d.kind === "StatefulSet"));

const kinds = [...new Set(objects.map((o) => o.kind))].join(", ");
console.log(failures.length === 0
  ? `k8s validate ${name}: PASS ${objects.length} objects valid (${kinds}), failed 0`
  : `k8s validate ${name}: FAIL ${failures.length} (${failures[0]})`);
process.exit(failures.length === 0 ? 0 : 1);
