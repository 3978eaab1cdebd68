// gridlab's stand-in for the coursework kit's In (our own code, the kit's interface):
// In() reads standard input as it is when constructed.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;

class In {
    private final BufferedReader br = new BufferedReader(new InputStreamReader(System.in));

    public String readLine() {
        try { return br.readLine(); } catch (IOException e) { return null; }
    }
}
