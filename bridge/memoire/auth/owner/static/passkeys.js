// Passkeys on the owner's approval page: the page's only script. Everything else works
// without JavaScript. The section stays hidden when the browser cannot use passkeys.
"use strict";

(function () {
  const section = document.getElementById("passkey");
  if (!section || !window.PublicKeyCredential || !navigator.credentials) {
    return;
  }
  const button = document.getElementById("passkey-button");
  const status = document.getElementById("passkey-status");
  const data = section.dataset;
  section.hidden = false;

  function toBytes(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "===".slice((base64.length + 3) % 4);
    return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  }

  function toText(buffer) {
    const bytes = new Uint8Array(buffer);
    let binary = "";
    bytes.forEach((b) => { binary += String.fromCharCode(b); });
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  async function post(url, body) {
    const answer = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", "x-csrf-token": data.csrf },
      body: JSON.stringify(body),
    });
    if (!answer.ok) {
      throw new Error("refused");
    }
    return answer.json();
  }

  function withBinaryIds(list) {
    return (list || []).map((item) => Object.assign({}, item, { id: toBytes(item.id) }));
  }

  async function register() {
    const options = await post(data.options, { request: data.request });
    options.challenge = toBytes(options.challenge);
    options.user.id = toBytes(options.user.id);
    options.excludeCredentials = withBinaryIds(options.excludeCredentials);
    const credential = await navigator.credentials.create({ publicKey: options });
    const response = credential.response;
    return post(data.finish, {
      request: data.request,
      credential: {
        id: credential.id,
        rawId: toText(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: toText(response.clientDataJSON),
          attestationObject: toText(response.attestationObject),
          transports: response.getTransports ? response.getTransports() : [],
        },
        clientExtensionResults: credential.getClientExtensionResults(),
      },
    });
  }

  async function signIn() {
    const options = await post(data.options, { request: data.request });
    options.challenge = toBytes(options.challenge);
    options.allowCredentials = withBinaryIds(options.allowCredentials);
    const credential = await navigator.credentials.get({ publicKey: options });
    const response = credential.response;
    return post(data.finish, {
      request: data.request,
      credential: {
        id: credential.id,
        rawId: toText(credential.rawId),
        type: credential.type,
        response: {
          clientDataJSON: toText(response.clientDataJSON),
          authenticatorData: toText(response.authenticatorData),
          signature: toText(response.signature),
          userHandle: response.userHandle ? toText(response.userHandle) : null,
        },
        clientExtensionResults: credential.getClientExtensionResults(),
      },
    });
  }

  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "";
    try {
      const result = await (data.ceremony === "register" ? register() : signIn());
      if (result.next) {
        window.location.assign(result.next);
        return;
      }
      status.textContent = data.done;
    } catch (error) {
      status.textContent = data.failed;
    }
    button.disabled = false;
  });
}());
