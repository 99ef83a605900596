package io.ocelot.apiserver;

import io.fabric8.kubernetes.client.server.mock.KubernetesCrudDispatcher;
import io.fabric8.mockwebserver.http.MockResponse;
import io.fabric8.mockwebserver.http.RecordedRequest;

/**
 * The CRUD store, plus the one answer it lacks: leader election first asks what it may do with a
 * SelfSubjectRulesReview, which the plain store rejects (422, no metadata). There is no
 * authorization here, so the answer is "everything".
 */
final class StoreDispatcher extends KubernetesCrudDispatcher {
  private static final String RULES_REVIEWS =
      "/apis/authorization.k8s.io/v1/selfsubjectrulesreviews";
  private static final String ALLOW_ALL =
      "{\"apiVersion\":\"authorization.k8s.io/v1\",\"kind\":\"SelfSubjectRulesReview\","
          + "\"spec\":{},\"status\":{\"incomplete\":false,\"nonResourceRules\":[],"
          + "\"resourceRules\":[{\"apiGroups\":[\"*\"],\"resources\":[\"*\"],\"verbs\":[\"*\"]}]}}";

  @Override
  public MockResponse handleCreate(RecordedRequest request) {
    if (request.getPath().startsWith(RULES_REVIEWS)) {
      return new MockResponse().setResponseCode(201).setBody(ALLOW_ALL);
    }
    return super.handleCreate(request);
  }
}
