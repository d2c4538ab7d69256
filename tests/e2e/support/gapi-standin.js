/*
 * A stand-in for https://apis.google.com/js/api.js, which CI cannot download. Firebase Auth's
 * popup flow and the Auth emulator's helper iframe talk through `gapi.iframes`; this implements
 * the few calls they use (open, ping, register, send, getParentIframe) over postMessage.
 */
(function () {
  var TAG = '__gapiStandin';
  var handlers = {};
  var queued = {};
  var callbacks = {};
  var nextId = 1;
  var readyWindows = [];
  var readyWaiters = [];

  function post(target, message) {
    message[TAG] = true;
    target.postMessage(message, '*');
  }

  function deliver(source, message) {
    var handler = handlers[message.name];
    Promise.resolve(handler(message.data)).then(function (value) {
      post(source, { kind: 'reply', id: message.id, responses: [value] });
    });
  }

  function channel(target) {
    return {
      register: function (name, handler) {
        handlers[name] = handler;
        (queued[name] || []).forEach(function (call) {
          deliver(call.source, call.message);
        });
        delete queued[name];
      },
      send: function (name, data, callback) {
        var id = String(nextId++);
        callbacks[id] = callback;
        post(target(), { kind: 'call', id: id, name: name, data: data });
      },
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var done = function () {
            if (callback) callback();
            resolve();
          };
          if (readyWindows.indexOf(target()) >= 0) done();
          else readyWaiters.push({ window: target, done: done });
        });
      },
    };
  }

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || !message[TAG]) return;
    if (message.kind === 'call') {
      if (handlers[message.name]) deliver(event.source, message);
      else
        (queued[message.name] = queued[message.name] || []).push({
          source: event.source,
          message: message,
        });
    } else if (message.kind === 'reply') {
      var callback = callbacks[message.id];
      delete callbacks[message.id];
      if (callback) callback(message.responses);
    } else if (message.kind === 'ready') {
      readyWindows.push(event.source);
      readyWaiters = readyWaiters.filter(function (waiter) {
        if (waiter.window() !== event.source) return true;
        waiter.done();
        return false;
      });
    }
  });

  var context = {
    open: function (options, onOpen) {
      var frame = document.createElement('iframe');
      frame.src = options.url;
      var attributes = options.attributes || {};
      Object.keys(attributes.style || {}).forEach(function (key) {
        frame.style[key] = attributes.style[key];
      });
      frame.setAttribute('aria-hidden', 'true');
      (options.where || document.body).appendChild(frame);
      var iframe = channel(function () {
        return frame.contentWindow;
      });
      return onOpen ? onOpen(iframe) : Promise.resolve(iframe);
    },
    getParentIframe: function () {
      post(window.parent, { kind: 'ready' });
      return channel(function () {
        return window.parent;
      });
    },
  };

  window.gapi = {
    load: function (_name, options) {
      setTimeout(function () {
        (typeof options === 'function' ? options : options.callback)();
      }, 0);
    },
    iframes: {
      Iframe: function () {},
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      getContext: function () {
        return context;
      },
    },
  };

  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
  if (typeof window.gapi_onload === 'function') window.gapi_onload();
})();
