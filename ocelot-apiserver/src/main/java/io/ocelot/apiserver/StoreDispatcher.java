package io.ocelot.apiserver;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodList;
import io.fabric8.kubernetes.api.model.Status;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudgetList;
import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CRUD store, plus what it lacks: field selectors on lists ({@link FieldSelectors}), and two
 * answers. Leader election first asks what it may do with a SelfSubjectRulesReview, which the plain
 * store rejects (422, no metadata); there is no authorization here, so the answer is "everything".
 * And a drain evicts pods through the Eviction subresource, which must honour PodDisruptionBudgets
 * ({@link Evictions}): 429 when a budget has nothing to spare, else the pod is deleted.
 */
final class StoreDispatcher extends KubernetesCrudDispatcher {
  private static final String RULES_REVIEWS =
      "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews";
  private static final String ALLOW_ALL =
      "{\"apiVersion\":\"authorization.k8s.io/v1\",\"kind\":\"SelfSubjectRulesReview\","
          + "\"spec\":{},\"status\":{\"incomplete\":false,\"nonResourceRules\":[],"
          + "\"resourceRules\":[{\"apiGroups\":[\"*\"],\"resources\":[\"*\"],\"verbs\":[\"*\"]}]}}";
  private static final Pattern EVICTION =
      Pattern.compile("^/api/v1/namespaces/([^/]+)/pods/([^/?]+)/eviction(\\?.*)?$");

  private static final String CRD_PATH = "/apis/apiextensions.k8s.io/v1";
  private volatile List<ApiResource> resources;
  private volatile List<JsonNode> crdDocs = List.of();

  private final RequestStats stats = new RequestStats();
  private final java.time.Clock clock;

  /** {@code clock}: the "now" that Table ages (kubectl's AGE column) are counted to. */
  StoreDispatcher(java.time.Clock clock) {
    this.clock = clock;
  }

  /** Requests so far by verb and resource ({@link RequestStats}). */
  java.util.Map<String, Long> requestsByKind() {
    return stats.snapshot();
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    MockResponse response = answer(request);
    stats.record(request.getMethod(), request.getPath(), response.code());
    if (response.header("Content-Type") == null) {
      // Without it client-go assumes its own default, protobuf for kubectl's typed clients.
      response.setHeader("Content-Type", "application/json");
    }
    return response;
  }

  private MockResponse answer(RecordedRequest request) {
    String path = request.getPath();
    if (!"GET".equals(request.getMethod()) && path.matches(".*[?&]dryRun=.*")) {
      // The store has no dry run: it would save the change (kubectl diff, --dry-run=server).
      return status(
          new StatusBuilder()
              .withStatus("Failure")
              .withCode(400)
              .withReason("BadRequest")
              .withMessage(
                  "the embedded API server cannot do a dry run (it would save the change); run"
                      + " the sim with --control-plane kube for kubectl diff and --dry-run=server")
              .build());
    }
    if (!"GET".equals(request.getMethod()) && path.startsWith(CRD_PATH)) {
      resources = null; // a CRD changes: discovery is recomputed on next use
    }
    if ("GET".equals(request.getMethod()) && !path.contains("watch=true")) {
      List<ApiResource> all = resources();
      Optional<JsonNode> doc = Discovery.answer(path, all).or(() -> OpenApiV3.answer(path, all));
      if (doc.isPresent()) {
        return new MockResponse().setResponseCode(200).setBody(doc.get().toString());
      }
      if (path.startsWith("/openapi/")) {
        return status(
            new StatusBuilder()
                .withStatus("Failure")
                .withCode(404)
                .withReason("NotFound")
                .withMessage("no such OpenAPI document")
                .build());
      }
    }
    String type = request.getHeader("Content-Type");
    if ("PATCH".equals(request.getMethod())
        && type != null
        && type.startsWith("application/merge-patch+json")) {
      return mergePatch(request);
    }
    MockResponse response = super.dispatch(request);
    String accept = request.getHeader("Accept");
    if ("GET".equals(request.getMethod())
        && accept != null
        && accept.contains("as=Table")
        && !path.contains("watch=true")
        && response.code() == 200) {
      return table(path, response);
    }
    return response;
  }

  /** A JSON merge patch done right ({@link MergePatches}): read, merge, write back as an update. */
  private MockResponse mergePatch(RecordedRequest request) {
    String path = request.getPath();
    int q = path.indexOf('?');
    String object = (q < 0 ? path : path.substring(0, q)).replaceAll("/status$", "");
    MockResponse current = super.handleGet(object);
    if (current.code() != 200) {
      return current;
    }
    try {
      JsonNode merged =
          MergePatches.apply(
              Serialization.jsonMapper().readTree(current.getBody().readUtf8()),
              Serialization.jsonMapper().readTree(request.getUtf8Body()));
      return super.handleUpdate(
          new RecordedRequest(
              request.getHttpVersion(),
              io.fabric8.mockwebserver.dsl.HttpMethod.PUT,
              path,
              request.getHeaders(),
              new io.fabric8.mockwebserver.http.Buffer().writeUtf8(merged.toString())));
    } catch (JsonProcessingException e) {
      return status(
          new StatusBuilder()
              .withStatus("Failure")
              .withCode(400)
              .withReason("BadRequest")
              .withMessage("the merge patch is not JSON: " + e.getOriginalMessage())
              .build());
    }
  }

  /** kubectl's {@code get} asks for a Table; the store only has objects ({@link Tables}). */
  private MockResponse table(String path, MockResponse response) {
    try {
      JsonNode body = Serialization.jsonMapper().readTree(response.getBody().readUtf8());
      String kind = body.path("kind").asText("");
      if (kind.endsWith("List")) {
        kind = kind.substring(0, kind.length() - "List".length());
      }
      String k = kind;
      resources();
      Optional<JsonNode> crd =
          crdDocs.stream()
              .filter(c -> k.equals(c.path("spec").path("names").path("kind").asText()))
              .findFirst();
      return new MockResponse()
          .setResponseCode(200)
          .setBody(Tables.of(body, kind, crd, clock.instant()).toString());
    } catch (JsonProcessingException e) {
      return new MockResponse().setResponseCode(500).setBody(e.getMessage());
    }
  }

  /**
   * Built-in and CRD resources, cached: parsing the stored CRDs (their schemas are large) for every
   * request made each GET cost more than the store's own lookup.
   */
  private List<ApiResource> resources() {
    List<ApiResource> r = resources;
    if (r != null) {
      return r;
    }
    try {
      JsonNode list =
          Serialization.jsonMapper()
              .readTree(
                  super.handleGet(CRD_PATH + "/customresourcedefinitions").getBody().readUtf8());
      List<JsonNode> crds = new java.util.ArrayList<>();
      list.path("items").forEach(crds::add);
      crdDocs = crds;
      r = Discovery.resources(crds);
    } catch (JsonProcessingException e) {
      r = Discovery.resources(List.of());
    }
    resources = r;
    return r;
  }

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    if (request.getPath().startsWith(RULES_REVIEWS)) {
      return new MockResponse().setResponseCode(201).setBody(ALLOW_ALL);
    }
    Matcher eviction = EVICTION.matcher(request.getPath());
    if (eviction.matches()) {
      return evict(eviction.group(1), eviction.group(2));
    }
    return super.handleCreate(request);
  }

  /**
   * A watch on one object by name ({@code fieldSelector=metadata.name=X}, what a client's {@code
   * withName(X).watch()} and informer send) becomes a watch on that object's path: the plain store
   * ignores the selector and would send every object's events.
   */
  @Override
  public MockResponse handleGet(String path) {
    if (path.contains("watch=true")) {
      return super.handleGet(FieldSelectors.byName(path).orElse(path));
    }
    return typed(path, selected(path));
  }

  /** Names an untyped list by its resource ({@link ListKinds}). */
  private MockResponse typed(String path, MockResponse response) {
    if (response.code() != 200) {
      return response;
    }
    Optional<ListKinds.ListType> type = ListKinds.of(path, resources());
    if (type.isEmpty()) {
      return response;
    }
    try {
      JsonNode body = Serialization.jsonMapper().readTree(response.getBody().readUtf8());
      if (body instanceof ObjectNode o && "List".equals(o.path("kind").asText())) {
        o.put("kind", type.get().kind()).put("apiVersion", type.get().apiVersion());
      }
      return new MockResponse().setResponseCode(200).setBody(body.toString());
    } catch (JsonProcessingException e) {
      return new MockResponse().setResponseCode(500).setBody(e.getMessage());
    }
  }

  private MockResponse selected(String path) {
    Optional<FieldSelectors.Split> split = FieldSelectors.split(path);
    if (split.isEmpty()) {
      return super.handleGet(path);
    }
    MockResponse all = super.handleGet(split.get().path());
    if (all.code() != 200) {
      return all;
    }
    try {
      JsonNode list = Serialization.jsonMapper().readTree(all.getBody().readUtf8());
      if (list instanceof ObjectNode o) {
        FieldSelectors.filter(o, split.get().terms());
      }
      return new MockResponse().setResponseCode(200).setBody(list.toString());
    } catch (JsonProcessingException e) {
      return new MockResponse().setResponseCode(500).setBody(e.getMessage());
    }
  }

  /** One eviction at a time, so two cannot both spend a budget's last disruption. */
  private synchronized MockResponse evict(String namespace, String name) {
    String podPath = "/api/v1/namespaces/" + namespace + "/pods/" + name;
    MockResponse found = handleGet(podPath);
    if (found.code() != 200) {
      return found;
    }
    Pod pod = Serialization.unmarshal(found.getBody().readUtf8(), Pod.class);
    List<Pod> pods =
        Serialization.unmarshal(
                handleGet("/api/v1/namespaces/" + namespace + "/pods").getBody().readUtf8(),
                PodList.class)
            .getItems();
    MockResponse budgets =
        handleGet("/apis/policy/v1/namespaces/" + namespace + "/poddisruptionbudgets");
    PodDisruptionBudgetList pdbs =
        budgets.code() == 200
            ? Serialization.unmarshal(budgets.getBody().readUtf8(), PodDisruptionBudgetList.class)
            : new PodDisruptionBudgetList();
    Optional<Evictions.Refusal> refused = Evictions.check(pod, pods, pdbs.getItems());
    if (refused.isPresent()) {
      return status(
          new StatusBuilder()
              .withStatus("Failure")
              .withCode(429)
              .withReason("TooManyRequests")
              .withMessage("Cannot evict pod as it would violate the pod's disruption budget.")
              .withNewDetails()
              .addNewCause()
              .withReason("DisruptionBudget")
              .withMessage(refused.get().message())
              .endCause()
              .endDetails()
              .build());
    }
    MockResponse deleted = handleDelete(podPath);
    if (deleted.code() >= 300) {
      return deleted;
    }
    return status(new StatusBuilder().withStatus("Success").withCode(201).build());
  }

  private static MockResponse status(Status s) {
    s.setApiVersion("v1");
    s.setKind("Status");
    return new MockResponse().setResponseCode(s.getCode()).setBody(Serialization.asJson(s));
  }
}
