// Tests that write freely: each starts from the seeded fixtures (20 orders of 5 customers), and
// none sees another's writes. The calls are raw DynamoDB JSON over java.net.http to keep the
// example free of dependencies; an AWS SDK client signed with ns.accessKey() works the same.
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(MinnowIsolation.class)
class OrdersTest {
  static String dynamodb(MinnowIsolation.Namespace ns, String operation, String body) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(ns.endpoint()))
        .header("Content-Type", "application/x-amz-json-1.0")
        .header("X-Amz-Target", "DynamoDB_20120810." + operation)
        .header("X-Amz-Date", "20260101T000000Z")
        .header("Authorization", "AWS4-HMAC-SHA256 Credential=" + ns.accessKey() + "/20260101/" + ns.region()
            + "/dynamodb/aws4_request, SignedHeaders=host, Signature=0")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build();
    HttpResponse<String> answer = MinnowIsolation.HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    assertEquals(200, answer.statusCode(), answer.body());
    return answer.body();
  }

  static int count(MinnowIsolation.Namespace ns) throws Exception {
    String answer = dynamodb(ns, "Scan", "{\"TableName\": \"Orders\", \"Select\": \"COUNT\"}");
    return Integer.parseInt(answer.replaceAll(".*\"Count\":(\\d+).*", "$1"));
  }

  @RepeatedTest(4)
  void aNewOrderIsTheOnlyChange(MinnowIsolation.Namespace ns) throws Exception {
    assertEquals(20, count(ns));
    dynamodb(ns, "PutItem", "{\"TableName\": \"Orders\", \"Item\": {\"customer\": {\"S\": \"c1\"}, "
        + "\"order\": {\"S\": \"new\"}, \"status\": {\"S\": \"open\"}}}");
    assertEquals(21, count(ns));
  }

  @RepeatedTest(4)
  void deletingACustomerLeavesTheOthers(MinnowIsolation.Namespace ns) throws Exception {
    assertEquals(20, count(ns));
    for (String order : new String[] {"o0", "o1", "o2", "o3"})
      dynamodb(ns, "DeleteItem", "{\"TableName\": \"Orders\", \"Key\": {\"customer\": {\"S\": \"c2\"}, "
          + "\"order\": {\"S\": \"" + order + "\"}}}");
    assertEquals(16, count(ns));
    assertTrue(dynamodb(ns, "GetItem", "{\"TableName\": \"Orders\", \"Key\": {\"customer\": {\"S\": \"c3\"}, "
        + "\"order\": {\"S\": \"o0\"}}}").contains("\"Item\""));
  }
}
