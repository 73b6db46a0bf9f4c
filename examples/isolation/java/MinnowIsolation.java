// Every test its own database, with JUnit 5: a test class annotated
// @ExtendWith(MinnowIsolation.class) gets a fork of the namespace Minnow was seeded with
// (minnow --seed ../fixtures.jsonl) into a namespace of its own, checkpointed, and rewound after
// every test. Neither call copies the items, so they take the same time whatever the fixtures'
// size (docs/admin-api.md). Classes may run in parallel: each has its own namespace.
//
// A test method takes a MinnowIsolation.Namespace parameter: the access key to sign with (for
// the AWS SDK: StaticCredentialsProvider.create(AwsBasicCredentials.create(ns.accessKey(), "x"))
// and endpointOverride(URI.create(ns.endpoint()))). MINNOW_ENDPOINT picks the server.
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

public class MinnowIsolation implements BeforeAllCallback, AfterEachCallback, ParameterResolver {
  public record Namespace(String endpoint, String accessKey, String region) {}

  static final String ENDPOINT = System.getenv().getOrDefault("MINNOW_ENDPOINT", "http://localhost:8000");
  static final String REGION = "us-east-1";
  static final String SEED = "seed/" + REGION;  // any namespace Minnow seeded (every one is)
  static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final ExtensionContext.Namespace STORE = ExtensionContext.Namespace.create(MinnowIsolation.class);

  @Override
  public void beforeAll(ExtensionContext context) throws Exception {
    String accessKey = "junit-" + context.getRequiredTestClass().getSimpleName();
    String target = accessKey + "/" + REGION;
    minnow("namespaces/fork", "{\"source\": \"" + SEED + "\", \"target\": \"" + target + "\", \"replace\": true}", null);
    String checkpoint = field(minnow("checkpoint", "{}", target), "id");
    context.getStore(STORE).put("namespace", new Namespace(ENDPOINT, accessKey, REGION));
    context.getStore(STORE).put("checkpoint", checkpoint);
  }

  @Override
  public void afterEach(ExtensionContext context) throws Exception {
    Namespace ns = context.getStore(STORE).get("namespace", Namespace.class);
    String checkpoint = context.getStore(STORE).get("checkpoint", String.class);
    minnow("rewind", "{\"id\": \"" + checkpoint + "\"}", ns.accessKey() + "/" + ns.region());
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Namespace.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return context.getStore(STORE).get("namespace", Namespace.class);
  }

  // A /_minnow call (docs/admin-api.md); its JSON answer.
  static String minnow(String path, String body, String namespace) throws Exception {
    String query = namespace == null ? "" : "?namespace=" + URLEncoder.encode(namespace, StandardCharsets.UTF_8);
    HttpRequest request = HttpRequest.newBuilder(URI.create(ENDPOINT + "/_minnow/" + path + query))
        .header("X-Minnow-Admin", "1").header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    HttpResponse<String> answer = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) throw new IllegalStateException("/_minnow/" + path + ": " + answer.body());
    return answer.body();
  }

  static String field(String json, String name) {
    Matcher m = Pattern.compile("\"" + name + "\"\\s*:\\s*\"([^\"]*)\"").matcher(json);
    if (!m.find()) throw new IllegalStateException("no " + name + " in " + json);
    return m.group(1);
  }
}
